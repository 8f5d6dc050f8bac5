<?xml version="1.0"?>
<tileset name="c28"><tileset/><tileset firstgid="9" source="c29.tsx"/></tileset>
