<?xml version="1.0"?>
<tileset name="c14"><tileset/><tileset firstgid="9" source="c15.tsx"/></tileset>
