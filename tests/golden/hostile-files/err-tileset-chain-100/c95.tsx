<?xml version="1.0"?>
<tileset name="c95"><tileset/><tileset firstgid="9" source="c96.tsx"/></tileset>
