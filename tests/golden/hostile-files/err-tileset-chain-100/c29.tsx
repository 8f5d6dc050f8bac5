<?xml version="1.0"?>
<tileset name="c29"><tileset/><tileset firstgid="9" source="c30.tsx"/></tileset>
